import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { openAiIdea } from "@atelier/contracts/ideation";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { PageFrame } from "../../shell/page-frame";

/** /product-ideation: opens the latest active ideation, or a new empty one when none is active (001 §4). */
export function ProductIdeationOpenPage() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    request(openAiIdea, {}, { quiet: true }).then(
      (r) => {
        if (!live) return;
        if (r.ideation) navigate(`/product-ideation/${r.ideation.id}`, { replace: true });
        else setMessage("Preview accounts can look around but can't start an ideation. Sign up to get product ideas for your brand.");
      },
      (err: unknown) => live && setMessage(errorSentence(err, "Your ideation could not be opened.")),
    );
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <PageFrame title="Product ideation" chatPrompt="Give me product ideas for eco-friendly dog toys">
      {message ? <p role="alert">{message}</p> : <p aria-busy="true">Opening your latest ideation…</p>}
    </PageFrame>
  );
}
